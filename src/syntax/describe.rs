//! What each grammar rule is called in messages: the tokens or phrases an author would write
//! where the parser expected that rule.

use super::Rule;

/// How a grammar rule is named to the author: the tokens it can start with, or nothing for
/// rules that never start with a token of their own. A keyword's rule (`k_after`) is named by
/// its word (`` `after` ``): see [`keyword`]; the table below names the others, and the
/// keywords whose rule also stands for other rules.
pub(super) fn describe(rule: Rule) -> Vec<String> {
    let named = named(rule);
    if named.is_empty() {
        return keyword(rule).into_iter().collect();
    }
    named.iter().map(|s| s.to_string()).collect()
}

/// A keyword rule's word in backquotes (`k_after` is `` `after` ``), else nothing.
fn keyword(rule: Rule) -> Option<String> {
    let name = format!("{rule:?}");
    name.strip_prefix("k_").map(|w| format!("`{w}`"))
}

/// The names of the rules that are not plain keywords, or that stand for more than their word.
fn named(rule: Rule) -> &'static [&'static str] {
    match keyword_named(rule) {
        [] => rule_named(rule),
        names => names,
    }
}

/// Keywords named otherwise than by their word, or whose entry also names other rules (the
/// rules that start with that keyword).
fn keyword_named(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::k_after | Rule::ply_limit | Rule::count_limit => &["`after`"],
        Rule::k_and | Rule::majority | Rule::in_check => &["`and`"],
        Rule::k_any | Rule::any_piece => &["`any`"],
        Rule::k_beyond | Rule::beyond => &["`beyond`"],
        Rule::k_board | Rule::board => &["`board`"],
        Rule::k_capture | Rule::capture_rule | Rule::en_passant_rule => &["`capture`"],
        Rule::k_castle | Rule::castle_rule => &["`castle`"],
        Rule::k_drawn | Rule::drawn_rule => &["`drawn`"],
        Rule::k_draw | Rule::draw => &["`draw`"],
        Rule::k_empty | Rule::empty => &["`empty`"],
        Rule::k_end | Rule::end_block => &["`end`"],
        Rule::k_enemy | Rule::enemy => &["`enemy`"],
        Rule::k_far | Rule::far | Rule::my_far => &["`far`"],
        Rule::k_file | Rule::file => &["`file`"],
        Rule::k_files | Rule::files => &["`files`"],
        Rule::k_friend | Rule::friend => &["`friend`"],
        Rule::k_from | Rule::from_clause => &["`from`"],
        Rule::k_within | Rule::within_clause => &["`within`"],
        Rule::k_game | Rule::game => &["`game`"],
        Rule::k_gap | Rule::gap => &["`gap`"],
        Rule::k_hex | Rule::board_hex => &["`hex`"],
        Rule::k_rhombus | Rule::board_rhombus => &["`rhombus`"],
        Rule::k_triangle | Rule::board_triangle => &["`triangle`"],
        Rule::k_star | Rule::board_star => &["`star`"],
        Rule::k_sides | Rule::edge_sides => &["`sides`"],
        Rule::k_corners | Rule::edge_corners => &["`corners`"],
        Rule::k_i
        | Rule::no_legal_move
        | Rule::no_pieces
        | Rule::monopoly
        | Rule::count_more
        | Rule::count_at_most => &["`I`"],
        Rule::k_jump | Rule::jump_rule => &["`jump`"],
        Rule::k_landing | Rule::landing => &["`landing`"],
        Rule::k_leap | Rule::leap_rule => &["`leap`"],
        Rule::k_ride | Rule::ride_rule => &["`ride`"],
        Rule::k_hop | Rule::hop_rule => &["`hop`"],
        Rule::k_sparing | Rule::explode_sparing => &["`, sparing`"],
        Rule::k_lose | Rule::lose => &["`lose`"],
        Rule::k_moves | Rule::identity_rule => &["`moves`"],
        Rule::k_my | Rule::my_region | Rule::reaches | Rule::bare | Rule::count_bare => &["`my`"],
        Rule::k_native | Rule::native => &["`native`"],
        Rule::k_notation | Rule::notation => &["`notation`"],
        Rule::k_on | Rule::repetition | Rule::perpetual => &["`on`"],
        Rule::k_toward | Rule::leap_toward => &["`toward`"],
        Rule::k_piece | Rule::piece => &["`piece`"],
        Rule::k_pieces | Rule::all_pieces => &["`pieces`"],
        Rule::k_players | Rule::players | Rule::may_pass => &["`players`"],
        Rule::k_teams | Rule::teams => &["`teams`"],
        Rule::k_promote | Rule::promote_rule => &["`promote`"],
        Rule::k_rank | Rule::rank | Rule::my_rank => &["`rank`"],
        Rule::k_ranks | Rule::ranks | Rule::my_ranks => &["`ranks`"],
        Rule::k_region | Rule::region_decl => &["`region`"],
        Rule::k_repeatedly | Rule::repeatedly => &["`repeatedly`"],
        Rule::k_circuit | Rule::circuit => &["`circuit`"],
        Rule::k_except | Rule::not_first_turn => &["`except`"],
        Rule::k_next | Rule::opening_next => &["`next`"],
        Rule::k_royal | Rule::royal => &["`royal`"],
        Rule::royal_together | Rule::k_together => &["`together`"],
        Rule::k_setup | Rule::setup | Rule::setup_diagram => &["`setup`"],
        Rule::k_slide | Rule::slide_rule => &["`slide`"],
        Rule::k_smashing | Rule::smashing => &["`smashing`"],
        Rule::k_square | Rule::board_square => &["`square`"],
        Rule::k_step | Rule::step_rule => &["`step`"],
        Rule::k_threefold | Rule::threefold => &["`threefold`"],
        Rule::k_fourfold | Rule::fourfold => &["`fourfold`"],
        Rule::k_to | Rule::to_target | Rule::opening_rule => &["`to`"],
        Rule::k_twice | Rule::twice => &["`twice`"],
        Rule::k_until | Rule::until_blocked => &["`until`"],
        Rule::k_when | Rule::when_clause | Rule::material => &["`when`"],
        Rule::k_where | Rule::legend => &["`where`"],
        Rule::k_win | Rule::win => &["`win`"],
        Rule::k_without | Rule::no_progress | Rule::board_holes => &["`without`"],
        Rule::k_worth | Rule::worth => &["`worth`"],
        Rule::k_pass | Rule::pass => &["`pass`"],
        Rule::k_colour | Rule::colour => &["`colour`"],
        Rule::k_friends | Rule::friends_plus => &["`friends`"],
        Rule::k_levels | Rule::levels => &["`levels`"],
        Rule::k_power | Rule::power => &["`power`"],
        Rule::k_walk | Rule::walk_rule => &["`walk`"],
        Rule::k_act | Rule::cannot_act => &["`act`"],
        Rule::k_fly | Rule::fly_rule => &["`fly`"],
        Rule::k_heal | Rule::heal_rule => &["`heal`"],
        Rule::k_immune | Rule::immune => &["`immune`"],
        Rule::k_more | Rule::more => &["`more`"],
        Rule::k_never | Rule::bar_rule => &["`never`"],
        Rule::k_nobody | Rule::nobody_has | Rule::count_nobody => &["`nobody`"],
        Rule::k_push | Rule::push_rule => &["`push`"],
        Rule::k_sleep | Rule::sleep_rule => &["`sleep`"],
        Rule::k_swap | Rule::swap_rule => &["`swap`"],
        Rule::k_then | Rule::then_fresh | Rule::fly_then | Rule::tiebreak => &["`, then`"],
        Rule::k_smash | Rule::smash_word => &["`smash`"],
        Rule::k_place | Rule::place_rule => &["`place`"],
        Rule::k_exactly | Rule::exactly => &["`exactly`"],
        Rule::k_against | Rule::against => &["`, against`"],
        Rule::k_area | Rule::area => &["`area`"],
        Rule::k_lines | Rule::board_lines => &["`lines`"],
        Rule::k_making | Rule::mill_rule => &["`making`"],
        Rule::k_drop | Rule::drop_rule => &["`drop`"],
        Rule::k_confined | Rule::confine_rule => &["`confined`"],
        Rule::k_sowing | Rule::sowing_block | Rule::sow_store | Rule::sow_skip => &["`sowing`"],
        Rule::k_if | Rule::if_seeds => &["`if`"],
        Rule::k_pits | Rule::board_pits => &["`pits`"],
        Rule::k_seeds | Rule::seeds => &["`seeds`"],
        Rule::k_sow | Rule::sow_rule => &["`sow`"],
        Rule::k_twofold | Rule::twofold => &["`twofold`"],
        Rule::k_players_pits | Rule::pits_empty => &["`a player's`"],
        Rule::k_dots | Rule::board_dots => &["`dots`"],
        Rule::k_round | Rule::board_round => &["`round`"],
        Rule::k_meeting | Rule::meet_rule => &["`meeting`"],
        Rule::k_completing | Rule::line_claim | Rule::line_again => &["`completing`"],
        Rule::k_strength | Rule::steps_strength => &["`strength`"],

        _ => &[],
    }
}

/// The rules that are not keywords, named by the tokens they start with.
fn rule_named(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::empty_or_enemy => &["`empty or enemy`"],
        Rule::screen_move => &["`move`"],
        Rule::face_may_not => &["`may not face`"],
        Rule::face_part => &["`that face`"],
        Rule::worth_sum => &["`worth`"],
        Rule::count_first => &["a number"],
        Rule::count_entry => &["`, N against`"],
        Rule::count_else => &["`, else`"],
        Rule::count_from => &["`, from the pieces on the board`"],
        Rule::count_cond => &["`nobody`", "`my`", "`I`"],
        Rule::pass_facing => &["`while royal pieces face each other`"],
        Rule::screen_sparing => &["`, not over or onto`"],
        Rule::star_point => &["a point of the star"],
        Rule::not_counting_corners => &["`, not counting corners`"],
        Rule::edge_count | Rule::number_word => &["a number"],
        Rule::reach_equal => &["`, which the second player may equal`"],
        Rule::reach_untaken => &["`, unless it can be taken`"],
        Rule::reach_survives => &["`, unless it is taken in reply`"],
        Rule::drop_file | Rule::drop_mate => &["`, not`"],
        Rule::promote_from => &["`, also from there`"],
        Rule::promote_forced => &["`, forced on`"],
        Rule::promote_lost => &["`, each only if I have lost one`"],
        Rule::circuit_rule => &["`capture along`"],
        Rule::approach_rule => &["`step`"],
        Rule::approach_again => &["`, repeatedly`"],
        Rule::approach_may_stop => &["`, may stop after any capture`"],
        Rule::approach_turn => &["`, never twice in the same direction`"],
        Rule::opening_on => &["`on`"],
        Rule::straight_on => &["`in a straight line`"],
        Rule::may_stop => &["`, may stop after any jump`"],
        Rule::royal_last => &["`when last`"],
        Rule::lbrace => &["`{`"],
        Rule::rbrace => &["`}`"],
        Rule::lparen => &["`(`"],
        Rule::rparen => &["`)`"],
        Rule::comma | Rule::en_passant_mark => &["`,`"],
        Rule::equals => &["`=`"],
        Rule::colon => &["`:`"],
        Rule::side => &["`for`"],
        Rule::dotdot => &["`..`"],
        Rule::eol => &["end of line"],
        Rule::EOI => &["end of file"],
        Rule::ident | Rule::named => &["a name"],
        Rule::hole => &["a cell"],
        Rule::player | Rule::placement => &["a player name"],
        Rule::dirs => &["a direction"],
        Rule::piece_list => &["a piece name"],
        Rule::int => &["a number"],
        Rule::drop_file_count => &["a number of pieces (`2 of`)"],
        Rule::string => &["a quoted string"],
        Rule::native_arg => &["a number", "a name", "a quoted string"],
        Rule::region => &["a region (a cell, `rank 8`, `file a`, `my far rank`, ...)"],
        Rule::diagram_cell | Rule::legend_entry => {
            &["a diagram cell (a letter, `.`, or `*` for a hole)"]
        }
        Rule::diagram_row => &["a diagram row (a rank number, then cells)"],
        Rule::diagram_files => &["a line of file letters"],
        Rule::target => &["`to`", "`smashing`"],
        Rule::hurdle => &["`enemy`", "`friend`", "`any`"],
        Rule::result => &["`win`", "`lose`", "`draw`", "`pass`"],
        Rule::end_rule => &[
            "`win`",
            "`lose`",
            "`draw`",
            "`pass`",
            "`a move may not repeat`",
        ],
        Rule::no_repeat => &["`a move may not repeat`"],
        Rule::opponent_has => &["`the opponent has`"],
        Rule::second | Rule::third | Rule::fourth => &["`second`", "`third`", "`fourth`"],
        Rule::pass_limit => &["`after`"],
        Rule::step_effect => &["`after`"],
        Rule::budget => &["`friends`", "a number"],
        Rule::threshold => &["`power`", "a number"],
        Rule::no_revisit => &["`, without revisiting`"],
        Rule::plus => &["`+`"],
        Rule::state_rule | Rule::state_name => &["`slept`", "`kept`", "`keeping`", "`fresh`"],
        Rule::immune_clause => &["`are`"],
        Rule::effects => &["an effect (kill, keep, push, sleep, steal, leap-over, blast)"],
        Rule::empty_or_any => &["`empty or any`"],
        Rule::count_rule => &["`move`"],
        Rule::shoot_rule => &["`slide`"],
        Rule::over_friends => &["`,`"],
        Rule::falling | Rule::flipping | Rule::only_flips | Rule::next_to_friend => &["`,`"],
        Rule::convert_rule => &["`enemies`"],
        Rule::in_a_row => &["`I`"],
        Rule::or_more => &["`or more`"],
        Rule::connects | Rule::connected | Rule::connects_edges | Rule::ring => &["`my`"],
        Rule::board_full => &["`the`"],
        Rule::nobody_can_move => &["`nobody`"],
        Rule::custody_rule => &["`capture`"],
        Rule::entry_rule => &["`only`"],
        Rule::surround_rule => &["`on`"],
        Rule::when_empty => &["`when empty`"],
        Rule::capturing_groups | Rule::no_suicide | Rule::simple_ko => &["`,`"],
        Rule::komi => &["`with komi`"],
        Rule::decimal => &["a number"],
        Rule::turn_places => &["`each`"],
        Rule::fly_anywhere => &["`fly`"],
        Rule::hand_first => &["`pieces`"],
        Rule::colour_split => &["`, PIECES on both colours`"],
        Rule::drop_only => &["`, only on`"],
        Rule::mill_protect => &["`, not one in a row`"],
        Rule::mill_by => &["`by a placement`", "`by a move`"],
        Rule::mill_part => &["`placement`", "`move`"],
        Rule::mill_remove => &["`removes`"],
        Rule::mill_again => &["`earns`"],
        Rule::fewer_pieces => &["`I`"],
        Rule::drop_not => &["`, not on`"],
        Rule::drop_flip => &["`, either side up`"],
        Rule::to_hand => &["`captured`"],
        Rule::from_partner => &["`pieces`"],
        Rule::keep_kind => &["`, keeping their kind`"],
        Rule::gate_rule => &["`a piece in hand may enter`"],
        Rule::relocate_rule => &["`after every move, the mover moves`"],
        Rule::rank_base => &["`, ranks from`"],
        Rule::once_there => &["`once there`"],
        Rule::leap_blocked => &["`, blocked in between`"],
        Rule::first_move => &["`, only as its first move`"],
        Rule::not_in_check => &["`, not while in check`"],
        Rule::lost_in_line => &["`, lost once`"],
        Rule::lone_checker_rule => &["`in`"],
        Rule::screen_rule => &["`capture`"],
        Rule::face_rule => &["`royal`"],
        Rule::line_list => &["a line of cells, `a1-d1-g1`"],
        Rule::sow_dir => &["`anticlockwise`", "`clockwise`"],
        Rule::sow_least => &["`, holding at least`"],
        Rule::with_last => &["`it and`"],
        Rule::going_back => &["`and the pits before it`"],
        Rule::sow_no_slam => &["`a capture of every enemy seed`"],
        Rule::sow_in => &["`in`"],
        Rule::sow_toward => &["`, only when the last seed falls facing enemy seeds`"],
        Rule::facing_all => &["`if they all hold seeds`"],
        Rule::facing_sow => &["`, and sow them`"],
        Rule::lines_block => &["`lines`"],
        Rule::line_draw => &["`draw`"],
        Rule::steps_block => &["`steps`"],
        Rule::steps_turn | Rule::steps_push | Rule::steps_freeze | Rule::steps_trap => &["`a`"],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_named_by_their_word_and_rules_by_the_table() {
        assert_eq!(describe(Rule::k_while), ["`while`"]);
        assert_eq!(describe(Rule::k_capture), ["`capture`"]);
        assert_eq!(describe(Rule::capture_rule), ["`capture`"]);
        assert!(describe(Rule::EOI).iter().all(|s| !s.starts_with("`EOI")));
    }
}
