// Writes the Halma data of tests/halma.rs and the counts of tests/perft/halma*.perft from
// Ludii 1.3.13, the outside oracle. It runs against the Ludii harness kept outside this
// repository (Ludii built from its public sources, with a harness class `Oracle` that loads a
// game with options, lists whole turns and writes a site's owner); it is not built with
// Tabula. Compiled and run with that harness on the class path:
//
//   java HalmaOracle perft 3                     whole-turn perft, merged by position
//   java HalmaOracle perft 4 x Players/4         the same for four players
//   java HalmaOracle games SEED TURNS [x Players/4]
//
// `games` plays one random game of at most TURNS whole turns from `java.util.Random(SEED)`,
// uniform over the position's distinct whole turns, and prints `game SEED`; before every
// turn `turn MOVER MOVES play MOVE` (MOVES every distinct whole turn as the site the man
// leaves and the site it ends on, sorted as text; MOVE the one played), every 20 turns
// `board OWNERS` (the owner of each site in Ludii's order, 0 for none); and at the end
// `end over|on OWNERS`.
import java.util.*;
import game.Game;
import other.context.Context;

public class HalmaOracle {
	static String owners(Game g, Context c) { return Oracle.whoOf(g, c, 0); }

	static List<Oracle.TurnResult> distinct(Game g, Context c) {
		List<Oracle.TurnResult> acc = new ArrayList<>();
		Oracle.turns(g, c, c.state().mover(), Collections.emptyList(), acc, false);
		LinkedHashMap<String, Oracle.TurnResult> m = new LinkedHashMap<>();
		for (Oracle.TurnResult t : acc) m.putIfAbsent(owners(g, t.after) + "|" + t.after.state().mover() + "|" + t.after.trial().over(), t);
		return new ArrayList<>(m.values());
	}

	static long perft(Game g, Context c, int d) {
		if (c.trial().over()) return 1;
		List<Oracle.TurnResult> ts = distinct(g, c);
		if (d == 1) return ts.size();
		long n = 0;
		for (Oracle.TurnResult t : ts) n += perft(g, t.after, d - 1);
		return n;
	}

	// from-to of a turn: the site the mover vacated and the one filled.
	static String diff(String before, String after) {
		String[] a = before.split(","), b = after.split(",");
		int from = -1, to = -1;
		for (int i = 0; i < a.length; i++) {
			if (!a[i].equals("0") && b[i].equals("0")) from = i;
			if (a[i].equals("0") && !b[i].equals("0")) to = i;
		}
		return from + "-" + to;
	}

	public static void main(String[] args) {
		String cmd = args[0];
		for (int i = 3; i < args.length; i++) Oracle.optionArgs.add(args[i]);
		Game g = Oracle.load("Halma");
		Context c = Oracle.newContext(g, 12345L);
		if (cmd.equals("perft")) {
			for (int d = 1; d <= Integer.parseInt(args[1]); d++)
				System.out.println("perft " + d + " " + perft(g, c, d));
		} else {
			// games SEED TURNS: one random game of TURNS whole turns (uniform over distinct results)
			Random r = new Random(Long.parseLong(args[1]));
			int turns = Integer.parseInt(args[2]);
			System.out.println("game " + args[1]);
			for (int t = 0; t < turns && !c.trial().over(); t++) {
				String before = owners(g, c);
				if (t % 20 == 0) System.out.println("board " + before.replace(",", ""));
				List<Oracle.TurnResult> ts = distinct(g, c);
				List<String> moves = new ArrayList<>();
				for (Oracle.TurnResult x : ts) moves.add(diff(before, owners(g, x.after)));
				Collections.sort(moves);
				Oracle.TurnResult pick = ts.get(r.nextInt(ts.size()));
				System.out.println("turn " + c.state().mover() + " " + String.join(",", moves) + " play " + diff(before, owners(g, pick.after)));
				c = pick.after;
			}
			System.out.println("end " + (c.trial().over() ? "over" : "on") + " " + owners(g, c).replace(",", ""));
		}
	}
}
