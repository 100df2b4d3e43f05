"""The house's own lottery engine."""
