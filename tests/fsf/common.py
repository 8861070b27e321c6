"""What the Fairy-Stockfish generators here share with tests/fsf_games.rs: the digest of a
position's sorted legal moves, written with each turn (FNV-1a, 64 bits, over the moves joined
by spaces), so that the Rust side compares whole move lists without storing them."""


def digest(texts):
    h = 0xCBF29CE484222325
    for b in " ".join(texts).encode():
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"
