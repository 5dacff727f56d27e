#!/usr/bin/env python3
"""Plays random hands with pokerkit (the reference engine PHH comes from) and writes each as
a .phh file, so `felt replay` can be checked on hands it has never seen:

    PYTHONPATH=/path/to/pokerkit python3 scripts/pokerkit-hands.py OUT_DIR [COUNT] [SEED]
    npm run -s felt -- replay OUT_DIR

pokerkit needs Python >= 3.11 and nothing else; put its source folder on PYTHONPATH (or
`pip install pokerkit`). Hands are no-limit and fixed-limit, 2-9 players, with antes of both
kinds and short stacks (so short all-in blinds and big-blind antes occur); some with a live
post by a newly seated player (a negative blinds_or_straddles entry), and some with the
hole cards of a player who folds written as unknown (`????`), as real histories have them.
Seeded: the same SEED writes the same hands.
"""
import os
import random
import sys

from pokerkit import Automation, FixedLimitTexasHoldem, HandHistory, NoLimitTexasHoldem

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def table(rng: random.Random):
    n = rng.randint(2, 9)
    bb = rng.choice([2, 10, 100])
    blinds = [bb // 2, bb] + [0] * (n - 2)
    kind = rng.choice(["none", "none", "uniform", "bb"])
    antes = [0] * n
    if kind == "uniform":
        antes = [max(1, bb // 10)] * n
    elif kind == "bb":
        antes[1 if n > 2 else 0] = bb
    stacks = [rng.choice([rng.randint(1, 3 * bb), rng.randint(10 * bb, 200 * bb)]) for _ in range(n)]
    post = n >= 4 and rng.random() < 0.2
    if post:
        # A player just seated posts a big blind to be dealt in at once (pokerkit: negative).
        blinds[rng.randint(3, n - 1)] = -bb
    if not post and rng.random() < 0.25:
        variant = "FT"
        game = FixedLimitTexasHoldem(AUTOMATIONS, kind != "bb", antes, blinds, bb, 2 * bb)
    else:
        variant = "NT"
        game = NoLimitTexasHoldem(AUTOMATIONS, kind != "bb", antes, blinds, bb)
    return variant, game, stacks, n, bb


def play(rng: random.Random):
    """Random play, inside the rules where the rulebook and pokerkit agree (docs/rules.md):
    no straddles (R-BLIND-3 sizes the raise from the straddle), at most four bets a round in
    fixed limit (R-BET-7; pokerkit caps at four raises), no short all-in raise in fixed limit,
    and a player who already acted raises only when the betting was reopened for them
    (R-BET-8; pokerkit reopens after a full raise followed by a short all-in)."""
    variant, game, stacks, n, bb = table(rng)
    state = game(stacks, n)
    street = None
    level = 0
    increment = bb
    bets_made = 0
    matched: dict[int, int] = {}
    steps = 0
    while state.status:
        steps += 1
        if steps > 1000:
            raise RuntimeError("the hand does not end")
        if state.street_index != street:
            street = state.street_index
            level = max(state.bets) if state.bets else 0
            increment = bb if street is None or street < 2 or variant == "NT" else 2 * bb
            bets_made = 1 if level > 0 else 0
            matched = {}
        p = state.actor_index
        r = rng.random()
        can_raise = state.can_complete_bet_or_raise_to()
        if can_raise and p in matched and level - matched[p] < increment:
            can_raise = False  # R-BET-8: not reopened
        if can_raise and variant == "FT":
            to = state.min_completion_betting_or_raising_to_amount
            if bets_made >= 4 or to > state.stacks[p] + state.bets[p]:
                can_raise = False
            elif to == state.stacks[p] + state.bets[p] and to - level < increment:
                can_raise = False
        if state.can_fold() and r < 0.15:
            state.fold()
        elif can_raise and r < 0.45:
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            to = hi if rng.random() < 0.15 else rng.randint(lo, max(lo, min(hi, lo * 3)))
            state.complete_bet_or_raise_to(to)
            if to - level >= increment:
                increment = to - level if variant == "NT" else increment
                bets_made += 1
            level = max(level, to)
            matched[p] = to
        elif state.can_check_or_call():
            state.check_or_call()
            matched[p] = level
        elif state.can_fold():
            state.fold()
        else:
            raise RuntimeError("no action possible")
    hh = HandHistory.from_game_state(game, state)
    hh.finishing_stacks = list(state.stacks)
    # pokerkit's from_game_state leaves the game's ante trimming out (its default is false).
    hh.ante_trimming_status = state.ante_trimming_status
    if rng.random() < 0.3:
        # Nobody saw a folder's cards: the history writes them as unknown.
        folded = [a.split()[0] for a in hh.actions if a.split()[1:2] == ["f"]]
        if folded:
            who = folded[0]
            hh.actions = [f"d dh {who} ????" if a.startswith(f"d dh {who} ") else a for a in hh.actions]
    return variant, hh


def main() -> None:
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    random.seed(seed)  # pokerkit shuffles its deck with the random module
    for i in range(count):
        variant, hh = play(rng)
        with open(os.path.join(out, f"pkr-{seed}-{i:05d}-{variant}.phh"), "wb") as fp:
            hh.dump(fp)


if __name__ == "__main__":
    main()
