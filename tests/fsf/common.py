"""What the Fairy-Stockfish generators here share with tests/fsf_games.rs: the digest of a
position's sorted legal moves, written with each turn (FNV-1a, 64 bits, over the moves joined
by spaces), so that the Rust side compares whole move lists without storing them."""


def digest(texts):
    h = 0xCBF29CE484222325
    for b in " ".join(texts).encode():
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def turn_line(texts, played, listed):
    """A turn as tests/fsf_games.rs reads it: the number of legal moves, the digest of their
    sorted texts `texts`, the move played, and where `listed` the moves in full."""
    line = f"{len(texts)} {digest(texts)} {played}"
    return f"{line} {' '.join(texts)}" if listed else line
