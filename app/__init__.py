"""Kozel: the network service for the Russian team card game «Козёл»."""
