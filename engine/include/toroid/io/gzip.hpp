// Gzip streams, as Golly reads and writes them (.rle.gz, .mc.gz, ...).
//
// Pattern files of every format may be gzip-compressed; readers recognise the
// stream by its magic bytes (1f 8b), not by the name, so a renamed file still
// opens. Several concatenated gzip members (what `cat a.gz b.gz` makes) read
// as one text, as gzip(1) does.
//
// gunzip refuses, as an InputError naming the source, a stream that is
// corrupt (with zlib's reason and the compressed byte offset), truncated
// (with the line of the text where it stops), or that expands
// past 1 GiB (the same cap as for plain pattern files).
#pragma once

#include <string>
#include <string_view>

namespace toroid {

bool is_gzip(std::string_view bytes);
std::string gunzip(std::string_view bytes, std::string_view source);
// A single gzip member, best compression that stays fast (level 6).
std::string gzip_compress(std::string_view text);

}  // namespace toroid
