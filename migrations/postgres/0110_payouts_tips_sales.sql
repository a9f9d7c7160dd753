-- Designers are owed tips (and subscribers' free awards) once an admin approves them, and
-- the price of a design sold in the marketplace once it is paid: a payout row may settle
-- those too (source: the tip, or the sold entry).
ALTER TABLE designer_payout DROP CONSTRAINT designer_payout_kind_check;
ALTER TABLE designer_payout ADD CONSTRAINT designer_payout_kind_check
    CHECK (kind IN ('contest', 'additional_entry', 'project', 'tip', 'free_award', 'sale'));
