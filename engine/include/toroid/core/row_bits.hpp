// Copying runs of cells between bit rows a word at a time: the primitive
// under Grid::paste / Grid::crop and the backends' write_region /
// read_region, which place a pattern on a huge torus without touching (or
// building) the rest of it.
//
// A row is canonical words: cell x is bit x % 64 of word x / 64; a row of
// `width` cells has (width + 63) / 64 words. Torus rows wrap: cell x of a
// torus row is cell x mod width.
#pragma once

#include <cstdint>

namespace toroid {

// Cells src[s .. s + n) to dst[d .. d + n), neither wrapping; s + n and
// d + n lie within their rows (src has src_words words). With `overwrite`
// dead source cells clear destination cells, otherwise live ones are ORed in.
void copy_bits(std::uint64_t* dst, std::int64_t d, const std::uint64_t* src, std::int64_t src_words,
               std::int64_t s, std::int64_t n, bool overwrite);

// Writes the src_width cells of src into the torus row dst (width cells)
// from cell x on, wrapping (x may be any integer; a source wider than the
// torus wraps onto itself, later cells last, as cell-by-cell writes would).
void paste_row_wrapped(std::uint64_t* dst, std::int64_t width, std::int64_t x,
                       const std::uint64_t* src, std::int64_t src_width, bool overwrite);

// dst (length cells, overwritten) = cells x .. x + length - 1 of the torus
// row src (width cells), wrapping as often as needed.
void crop_row_wrapped(std::uint64_t* dst, std::int64_t length, const std::uint64_t* src,
                      std::int64_t width, std::int64_t x);

}  // namespace toroid
