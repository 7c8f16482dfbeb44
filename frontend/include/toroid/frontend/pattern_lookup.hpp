// Pattern arguments: a file path, or a name from the patterns/ library.
//
// "acorn", "Acorn", "r-pentomino", "r pentomino" and "patterns/acorn.rle" all
// work; library files may be of any format, gzip-compressed or not
// (acorn.rle, acorn.mc, acorn.rle.gz are all "acorn"). The library folder is found, in order, from
// $TOROID_PATTERNS, next to the program (../patterns, ../../patterns, ../share/toroid/patterns),
// beside the Python module that links this code (toroid/patterns),
// the current folder (./patterns) and the source tree this program was built from. An unknown name
// is an InputError that lists the closest names.
#pragma once

#include <string>
#include <vector>

#include "toroid/io/pattern.hpp"

namespace toroid::frontend {

struct NamedPattern {
    Pattern pattern;
    std::string name;  // the library name ("acorn") or the file's stem
    std::string path;
};

NamedPattern find_pattern(const std::string& name_or_path);
// Names in the library (file stems), sorted; empty when no library is found.
std::vector<std::string> library_names();

}  // namespace toroid::frontend
