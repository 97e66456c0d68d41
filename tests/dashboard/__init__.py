"""Tests of the tablet dashboard, the live pipeline and `companion serve`."""
