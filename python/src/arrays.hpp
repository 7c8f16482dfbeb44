// NumPy arrays of cells in and out of canonical bit rows.
//
// Every array of cells the module gives or takes is indexed like the plane,
// a[x, y] (shape (width, height)), as Torus indexing t[x, y] is; its memory
// is row-major by y (a transposed view of (height, width) rows), so `a.T`
// is the picture with rows top down at no cost, and a row of cells is
// contiguous. Cells are uint8 states, 0 or 1.
//
// Into the engine the Python layer (toroid/_torus.py) passes rows: a
// C-contiguous uint8 array of shape (height, width), values already checked
// to be 0 or 1 (rows_to_grid checks again and names the first bad cell).
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <cstdint>

#include "toroid/core/grid.hpp"

namespace toroid::python {

namespace nb = nanobind;

using CellArray = nb::ndarray<nb::numpy, std::uint8_t, nb::ndim<2>>;
using RowsIn = nb::ndarray<const std::uint8_t, nb::ndim<2>, nb::c_contig, nb::device::cpu>;

// Expands `height` rows of canonical words (row y at words + y * stride) of
// `width` cells into out (width * height bytes, row-major by y), one byte
// per cell: 16 bytes per two table look-ups, at memory speed.
void expand_rows(const std::uint64_t* words, std::int64_t stride, std::int64_t width,
                 std::int64_t height, std::uint8_t* out);
// Refuses (InputError) an array of width x height bytes that would not fit
// in the memory available (toroid/memory.hpp), before NumPy is asked.
void check_array_fits(std::int64_t width, std::int64_t height, const char* what);
// A new uninitialised array a[x, y] of width x height cells whose memory
// NumPy allocated (it asks the kernel for huge pages for large arrays, so a
// 4096^2 torus is not 4096 page faults); `rows` receives its (height, width)
// row-major memory. With the GIL held.
CellArray new_cell_array(std::int64_t width, std::int64_t height, std::uint8_t*& rows);
// The cells of g as a new array a[x, y].
CellArray grid_to_array(const Grid& g);
// (height, width) uint8 rows of 0/1 -> a Grid; InputError for any other value.
Grid rows_to_grid(const RowsIn& rows);

}  // namespace toroid::python
