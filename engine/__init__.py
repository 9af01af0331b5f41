"""Everything in Agora that is neither Discord nor pixels: the game rules, the
persistence and the async table service."""
