#include "toroid/frontend/pattern_lookup.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "toroid/core/hashsoup.hpp"
#include "toroid/error.hpp"

namespace toroid::frontend {
namespace fs = std::filesystem;

namespace {

std::string canonical_name(std::string s) {
    std::string out;
    for (char c : s) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            out.push_back(char(std::tolower(static_cast<unsigned char>(c))));
    }
    return out;
}

std::vector<fs::path> library_dirs() {
    std::vector<fs::path> candidates;
    if (const char* env = std::getenv("TOROID_PATTERNS")) candidates.emplace_back(env);
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path dir = exe.parent_path();
        candidates.push_back(dir / "../patterns");
        candidates.push_back(dir / "../../patterns");
        candidates.push_back(dir / "../share/toroid/patterns");
    }
    // Linked into a shared object (the Python module): its package carries
    // the library beside it, as toroid/patterns.
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&library_dirs), &info) && info.dli_fname &&
        std::string_view(info.dli_fname).ends_with(".so"))
        candidates.push_back(fs::path(info.dli_fname).parent_path() / "patterns");
    candidates.emplace_back("patterns");
    candidates.emplace_back(TOROID_SOURCE_PATTERNS);
    std::vector<fs::path> out;
    for (const auto& c : candidates)
        if (fs::is_directory(c, ec)) out.push_back(c);
    return out;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

bool is_pattern_file(const fs::path& p) {
    return format_from_extension(p.filename().string()).has_value();
}

// "acorn" for acorn.rle, acorn.rle.gz, acorn.mc ...
std::string pattern_stem(const fs::path& p) {
    fs::path name = p.filename();
    if (has_gzip_extension(name.string())) name = name.stem();
    return name.stem().string();
}

}  // namespace

std::vector<std::string> library_names() {
    std::vector<std::string> names;
    for (const auto& dir : library_dirs()) {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(dir, ec))
            if (is_pattern_file(e.path())) names.push_back(pattern_stem(e.path()));
        if (!names.empty()) break;
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

NamedPattern find_pattern(const std::string& arg, bool allow_tree) {
    std::error_code ec;
    if (arg == "-") {  // standard input
        Pattern p = read_pattern_file(arg);
        std::string name = p.name.empty() ? "<stdin>" : p.name;
        return {std::move(p), std::move(name), arg};
    }
    // apgsearch's soups by name: hashsoup:SYMMETRY:SEED (core/hashsoup.hpp).
    if (arg.starts_with("hashsoup:")) {
        const std::size_t colon = arg.find(':', 9);
        if (colon == std::string::npos || colon + 1 == arg.size())
            throw InputError(
                "pattern '" + arg +
                "': expected hashsoup:SYMMETRY:SEED, e.g. hashsoup:C1:k_abcdefghijkl123");
        Pattern p;
        p.cells = hashsoup(arg.substr(colon + 1), arg.substr(9, colon - 9)).cells;
        p.name = arg.substr(9, colon - 9) + "/" + arg.substr(colon + 1);
        return {std::move(p), arg.substr(9, colon - 9) + "/" + arg.substr(colon + 1), arg};
    }
    // Regular files are read; anything else that exists but a folder (a FIFO,
    // a device) is refused by the reader with what it is, never waited on.
    if (fs::exists(fs::symlink_status(arg, ec)) && !fs::is_directory(arg, ec)) {
        NamedPattern found{read_pattern_file(arg), pattern_stem(arg), arg};
        if (found.pattern.tree && !allow_tree) {
            const TorusSize t = found.pattern.rule->torus().value();
            throw InputError(arg + " holds a whole " + std::to_string(t.width) + "x" +
                             std::to_string(t.height) +
                             " torus, too large for a grid in memory: only `toroid run` and "
                             "toroid-view with --backend hashlife read it (from its tree), and "
                             "`toroid info` describes it");
        }
        return found;
    }
    const std::string want = canonical_name(arg);
    for (const auto& dir : library_dirs()) {
        for (const auto& e : fs::directory_iterator(dir, ec)) {
            if (is_pattern_file(e.path()) && canonical_name(pattern_stem(e.path())) == want)
                return {read_pattern_file(e.path().string()), pattern_stem(e.path()),
                        e.path().string()};
        }
    }
    const std::vector<std::string> names = library_names();
    if (names.empty())
        throw InputError("no pattern file '" + arg +
                         "' and no patterns/ library found (set TOROID_PATTERNS to its folder)");
    std::vector<std::pair<std::size_t, std::string>> ranked;
    for (const auto& n : names) {
        const std::string c = canonical_name(n);
        std::size_t d = edit_distance(want, c);
        if (!want.empty() &&
            (c.find(want) != std::string::npos || want.find(c) != std::string::npos))
            d = std::min<std::size_t>(d, 1);
        ranked.emplace_back(d, n);
    }
    std::sort(ranked.begin(), ranked.end());
    std::string close;
    for (std::size_t i = 0;
         i < ranked.size() && i < 3 && ranked[i].first <= std::max<std::size_t>(3, want.size() / 2);
         ++i)
        close += (close.empty() ? "" : ", ") + ranked[i].second;
    std::string all;
    for (const auto& n : names) all += (all.empty() ? "" : " ") + n;
    throw InputError("unknown pattern '" + arg +
                     "': no such file and no such name in the patterns/ library" +
                     (close.empty() ? std::string() : "; did you mean: " + close + "?") +
                     " (library: " + all + ")");
}

}  // namespace toroid::frontend
