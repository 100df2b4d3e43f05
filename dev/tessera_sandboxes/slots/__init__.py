"""A playable HTML5 slot any vendor can serve: ``engine`` decides and prices spins (outcomes from
the operating system's cryptographic random source, a published paytable with its exact return
to player), ``page`` renders the game page and serves its script and style.

Not a plugin: vendors (the transfer-wallet sandbox, the demo vendor) import it.
"""
