-- The client's acceptance of the contest type's terms on the launch brief (types with
-- has_terms show participate_terms and 'Please accept terms'): when it was given, epoch ms.
-- Null for contests launched before it was recorded and for types without terms.
ALTER TABLE contest ADD COLUMN terms_accepted_at BIGINT;
