-- The designs a client bought (GET /marketplace-contest-entries?filter[bought]=1) and
-- whether a buyer may read a sold entry's image are both asked by buyer.
CREATE INDEX marketplace_entry_buyer_idx ON marketplace_entry (sold_to, sold_at);
