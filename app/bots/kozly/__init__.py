"""Computer players of Kozly (`app.domain.kozly`): each sees only its seat's view."""
