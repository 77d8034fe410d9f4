"""Benchmarks: each bench_*.py module has main() printing one `name value` line per figure."""
