"""The ledger: accounts, transactions and their postings, the posting of money, and its audit."""
