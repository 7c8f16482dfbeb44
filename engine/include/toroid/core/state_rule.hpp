// Named multi-state rules: Golly's rule tables and trees (`.rule` files) and
// its built-in multi-state families (LifeHistory, LifeSuper, JvN29, ...).
//
// A StateRule maps a cell's range-1 neighbourhood, up to 256 states per cell,
// to the cell's next state: Golly's RuleTable, RuleTree, Super and JvN
// algorithms all have this shape. A rule is a Rule of kind RuleKind::Named
// (core/rule.hpp), found by name (core/rule_path.hpp: the pattern's folder,
// --rule-dir, TOROID_RULE_PATH, the user's folder, the rules shipped with
// toroid, and the built-in families) and run by the named-rule CPU backend
// (cpu/named_rule_backend.hpp), one byte per cell.
//
// The contract an implementation keeps:
//  * next() is a pure function of the block (no state, thread-safe); cells
//    a neighbourhood ignores (NE and SW on the hexagonal grid, the corners
//    for von Neumann, all but W and E for one-dimensional rules) must not
//    change the result.
//  * step_row() gives, for every x of one row, exactly next() of that cell's
//    block; the default calls next() per cell, implementations may do better
//    (a flat lookup, a tree walk, vector code).
//  * states in and out are below states().
//  * digest() identifies the behaviour: two rules of equal name and digest
//    are the same rule (Rule::operator== compares them so, and checkpoints
//    keep the digest so that a changed rule file is noticed on resume).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace toroid {

// The neighbourhoods of Golly's rule tables.
enum class CellNeighbourhood : std::uint8_t {
    Moore,           // the 8 cells around
    VonNeumann,      // N, E, S, W
    Hexagonal,       // Moore without NE and SW (Golly's hexagonal grid)
    OneDimensional,  // W and E: every row is its own 1-D automaton
};

const char* to_string(CellNeighbourhood n);  // Golly's words: "Moore", "vonNeumann", ...

// A cell (c) and its 8 neighbours in a 3x3 block, y growing downwards.
struct Block3x3 {
    std::uint8_t nw = 0, n = 0, ne = 0, w = 0, c = 0, e = 0, sw = 0, s = 0, se = 0;
};

struct StateColour {
    std::uint8_t r = 0, g = 0, b = 0;
    bool operator==(const StateColour&) const = default;
};

class StateRule {
  public:
    virtual ~StateRule() = default;

    // The name a pattern file gives ("Langtons-Loops", "LifeHistory"), without
    // a torus suffix.
    virtual const std::string& name() const = 0;
    virtual int states() const = 0;  // 2..256
    virtual CellNeighbourhood neighbourhood() const = 0;

    // The next state of the block's centre cell.
    virtual std::uint8_t next(const Block3x3& block) const = 0;

    // The next states of cells x = 0..width-1 of one row into out[0..width).
    // `above`, `row` and `below` point at cell 0 of rows y-1, y and y+1, each
    // readable at indices -1..width (the torus wrap copied in by the caller).
    virtual void step_row(const std::uint8_t* above, const std::uint8_t* row,
                          const std::uint8_t* below, std::int64_t width, std::uint8_t* out) const;

    // True when a block of zeros stays zero: the backend then skips empty
    // rows (every Golly table without a B0-like transition).
    bool quiescent() const { return next(Block3x3{}) == 0; }

    // Colours of states 0..states()-1 for the viewer and PNG output: the
    // rule file's @COLORS over Golly's default (black, then a gradient from
    // red to yellow), or the family's own.
    virtual std::vector<StateColour> colours() const;

    // Identifies the rule's behaviour (see above).
    virtual std::uint64_t digest() const = 0;

    // Where the rule came from, for `toroid info` and errors: a file path,
    // or "built in".
    virtual std::string origin() const { return "built in"; }
};

// Golly's default colours of a rule with `states` states: state 0 black,
// states 1.. a gradient from red (255,0,0) to yellow (255,255,0).
std::vector<StateColour> default_state_colours(int states);
// States 1..states-1 as a gradient from `from` to `to` (state 0 black).
std::vector<StateColour> gradient_state_colours(int states, StateColour from, StateColour to);

// The built-in multi-state families that need no file, by name (LifeHistory,
// LifeSuper, B3/S23Investigator, JvN29, Nobili32, Hutton32, ...): nullptr
// when `name` is none of them. `name` carries no torus suffix.
std::shared_ptr<const StateRule> find_builtin_state_rule(const std::string& name);

// The names of the built-in families, for help texts and rule pickers.
std::vector<std::string> builtin_state_rule_names();

}  // namespace toroid
