"""The brand's book: prices, odds and stakes per region and bet type, a member's limit on a draw
and the house's cap on a number, from tenant.toml with staff's changes over it."""
