"""The catalog: every vendor's games, synced from the brand's game-vendor plugins (``tessera games
sync``). It serves no call of its own: the lobby reads it."""
