"""Setting up: one 6x6 board per player laid out at random, and the supply by player count."""

import pytest

from companion.games.cannonball_colony.cells import BOARD_SIZE, Country
from companion.games.cannonball_colony.setup import new_island

FOUR = [Country.ENGLAND, Country.FRANCE, Country.PORTUGAL, Country.SPAIN]


@pytest.mark.parametrize("count, supply", [(2, 50), (3, 70), (4, 90)])
def test_one_board_per_player_and_the_supply_for_that_many(count, supply):
    for seed in range(25):
        island = new_island(FOUR[:count], seed=seed)
        assert len(island.boards) == count and island.supply == supply
        assert island.players == tuple(FOUR[:count]) and island.turn is FOUR[0]
        land = [cell for cell in island.cells() if island.is_land(cell)]
        assert len(land) == count * BOARD_SIZE * BOARD_SIZE   # boards never overlap
        # Every board touches another along an edge: the island is one piece.
        reached, todo = {land[0]}, [land[0]]
        while todo:
            for n in todo.pop().neighbours():
                if island.is_land(n) and n not in reached:
                    reached.add(n)
                    todo.append(n)
        assert len(reached) == len(land), f"seed {seed}: the island falls apart"


def test_layouts_differ_by_seed_and_repeat_by_seed():
    layouts = {new_island(FOUR, seed=seed).boards for seed in range(12)}
    assert len(layouts) > 6
    assert new_island(FOUR, seed=5) == new_island(FOUR, seed=5)


@pytest.mark.parametrize("players", [[Country.FRANCE], [Country.FRANCE, Country.FRANCE], FOUR + [Country.SPAIN]])
def test_a_game_needs_two_to_four_different_countries(players):
    with pytest.raises(ValueError, match="2 to 4 different countries"):
        new_island(players)
