"""Staff accounts, their roles per brand and their second factor (made and granted from the command line)."""
