"""The printable kit: marker IDs, sheet geometry, colours, and rendering sheets to pages."""
