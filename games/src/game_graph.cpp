#include "toroid/games/game_graph.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "toroid/error.hpp"
#include "toroid/games/parse.hpp"
#include "toroid/input_file.hpp"

namespace toroid::games {

namespace {
constexpr std::size_t kMaxVertices = 50'000'000;
}

std::size_t GameGraph::add_vertex(const std::string& name) {
    if (index_.count(name)) throw InputError("vertex '" + name + "' is declared twice");
    if (names_.size() >= kMaxVertices)
        throw InputError("graph too large (more than 50000000 vertices)");
    index_.emplace(name, names_.size());
    names_.push_back(name);
    moves_.emplace_back();
    return names_.size() - 1;
}

void GameGraph::add_edge(std::size_t from, std::size_t to) {
    auto& m = moves_[from];
    const auto t = static_cast<std::uint32_t>(to);
    if (std::find(m.begin(), m.end(), t) == m.end()) m.push_back(t);
}

std::optional<std::size_t> GameGraph::find(const std::string& name) const {
    auto it = index_.find(name);
    if (it == index_.end()) return std::nullopt;
    return it->second;
}

std::vector<std::vector<std::uint32_t>> GameGraph::predecessors() const {
    std::vector<std::vector<std::uint32_t>> pred(size());
    for (std::size_t v = 0; v < size(); ++v)
        for (const auto w : moves_[v]) pred[w].push_back(static_cast<std::uint32_t>(v));
    return pred;
}

GameGraph parse_game_graph(std::istream& in, const std::string& source) {
    GameGraph g;
    std::string line;
    std::size_t lineno = 0;
    auto where = [&] { return source + ":" + std::to_string(lineno) + ": "; };
    auto lookup = [&](const std::string& name) {
        auto v = g.find(name);
        if (!v) {
            throw InputError(where() + "unknown vertex '" + name +
                             "' (declare it first with a 'vertices' line)");
        }
        return *v;
    };
    while (std::getline(in, line)) {
        ++lineno;
        if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        std::istringstream ls(line);
        std::vector<std::string> tok;
        for (std::string t; ls >> t;) tok.push_back(t);
        if (tok.empty()) continue;
        if (tok[0] == "vertices") {
            if (tok.size() == 1)
                throw InputError(where() + "'vertices' needs names or a count after it");
            try {
                if (tok.size() == 2 && !tok[1].empty() &&
                    std::isdigit(static_cast<unsigned char>(tok[1][0]))) {
                    const auto n = parse_u64_max(tok[1], "vertex count", kMaxVertices);
                    for (std::uint64_t i = 0; i < n; ++i) g.add_vertex(std::to_string(i));
                    continue;
                }
                for (std::size_t i = 1; i < tok.size(); ++i) g.add_vertex(tok[i]);
            } catch (const InputError& e) {
                throw InputError(where() + e.what());
            }
            continue;
        }
        if (tok[0].size() > 1 && tok[0].back() == ':') {
            const auto from = lookup(tok[0].substr(0, tok[0].size() - 1));
            for (std::size_t i = 1; i < tok.size(); ++i) g.add_edge(from, lookup(tok[i]));
            continue;
        }
        if (tok.size() == 2) {
            g.add_edge(lookup(tok[0]), lookup(tok[1]));
            continue;
        }
        if (tok.size() == 3 && tok[1] == "->") {
            g.add_edge(lookup(tok[0]), lookup(tok[2]));
            continue;
        }
        throw InputError(
            where() + "cannot read '" + line +
            "': expected 'vertices NAMES...', 'FROM TO', 'FROM -> TO' or 'FROM: TO...'");
    }
    if (g.size() == 0)
        throw InputError(source + ": no vertices declared (expected a 'vertices' line)");
    return g;
}

GameGraph read_game_graph(const std::string& path) {
    // Regular files or "-" only: a FIFO is refused, not waited on (input_file.hpp).
    std::istringstream in(read_input_file(path));
    return parse_game_graph(in, path == "-" ? "<stdin>" : path);
}

}  // namespace toroid::games
