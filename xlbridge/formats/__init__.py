"""Results and hand-record files in standard formats (PBN)."""
