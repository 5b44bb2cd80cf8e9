"""Diamond in the Rough: bomb for resources, resupply, invest the Gem, race to retire."""
