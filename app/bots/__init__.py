"""Computer players. They see only a seat's view (`app.domain`)."""
