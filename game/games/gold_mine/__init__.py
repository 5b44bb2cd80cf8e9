"""Gold Mine: draft four dice and tunnel, blast, block and fence your way through a hex mountain."""
