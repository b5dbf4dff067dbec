"""Use cases, one transaction each: load the log, decide, append, notify."""
