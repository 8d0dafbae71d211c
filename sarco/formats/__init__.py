"""The site's own date formats per language (FORMAT_MODULE_PATH); Django's defaults fill in
the rest (number separators, short formats)."""
