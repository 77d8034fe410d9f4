"""`python -m hoplostat ...`: the same CLI as the `hoplostat` command."""

if __name__ == "__main__":
    from hoplostat.cli import main

    main()
