// The AVX-512 tile step of a table rule that has machine code
// (table_jit.hpp), included by tile_kernel.inl after step_tile.
//
// step_tile keeps its window of three rows (nine vectors: each row's west,
// self and east) as C++ values and builds the code's nine inputs from them
// at every row; the compiler holds those values on the stack and copies
// them in and out around the call, a dozen 512-bit stores and loads a row
// beside the code's ~150 gates. Here the window lives where the code reads
// it, zmm16..24, for the whole column: after each call the same asm moves
// the middle and lower rows up (cells 3..8 to 0..5, six register moves),
// so a row costs the load of its new lower row (cells 6..8) and the call.
// The tally of the row (populations, hashes, edges) is step_tile's.
#if defined(__AVX512F__) && TOROID_LANES == 8

template <class V>
TileOutcome step_tile_table_code(const TileKernelArgs& a, std::int64_t tx, std::int64_t ty,
                                 std::int64_t first_word, std::int64_t end_word,
                                 std::int64_t first_row, std::int64_t end_row) {
    static_assert(!V::stochastic && kWorkRegisters == 10);
    const void* const code = a.table_code;
    if (!code) return step_tile<V>(a, tx, ty, first_word, end_word, first_row, end_row);
    const std::int64_t top = ty * kTileRows;  // the tile's rows: [top, bottom)
    const std::int64_t bottom = top + kTileRows < a.height ? top + kTileRows : a.height;
    const std::int64_t y0 = top + first_row;
    const std::int64_t y1 = top + end_row < bottom ? top + end_row : bottom;
    TileTally tally;
    for (std::int64_t c = first_word; c < end_word; c += kLanes) {
        const std::int64_t j0 = tx * kTileWords + c;  // canonical word index of lane 0
        const std::int64_t pos = kRowOffset + j0;
        const Vec mask = load(a.word_masks + j0);
        auto row_ptr = [&](std::int64_t y) {
            return a.src + wrap_near(y, a.height) * a.stride + pos;
        };
        const std::uint64_t* const wrap_at = a.src + a.height * a.stride + pos;
        const std::uint64_t* down_row = row_ptr(y0 + 1);
        std::uint64_t* out = a.dst + y0 * a.stride + pos;
        const Shifted up = fetch(row_ptr(y0 - 1)), mid = fetch(row_ptr(y0));
        register Vec c0 asm(TOROID_ZMM(16)) = up.west;
        register Vec c1 asm(TOROID_ZMM(17)) = up.self;
        register Vec c2 asm(TOROID_ZMM(18)) = up.east;
        register Vec c3 asm(TOROID_ZMM(19)) = mid.west;
        register Vec c4 asm(TOROID_ZMM(20)) = mid.self;
        register Vec c5 asm(TOROID_ZMM(21)) = mid.east;
        for (std::int64_t y = y0; y < y1; ++y) {
            const Shifted down = fetch(down_row);
            down_row += a.stride;
            if (down_row == wrap_at) down_row = a.src + pos;
            register Vec c6 asm(TOROID_ZMM(22)) = down.west;
            register Vec c7 asm(TOROID_ZMM(23)) = down.self;
            register Vec c8 asm(TOROID_ZMM(24)) = down.east;
            register Vec next asm(TOROID_ZMM(0));
            // Below the red zone, as call_table_code.
            asm volatile(
                "sub $128, %%rsp\n\tcall *%[code]\n\tadd $128, %%rsp\n\t"
                "vmovdqa64 %%zmm19, %%zmm16\n\tvmovdqa64 %%zmm20, %%zmm17\n\t"
                "vmovdqa64 %%zmm21, %%zmm18\n\tvmovdqa64 %%zmm22, %%zmm19\n\t"
                "vmovdqa64 %%zmm23, %%zmm20\n\tvmovdqa64 %%zmm24, %%zmm21"
                : "=v"(next), "+v"(c0), "+v"(c1), "+v"(c2), "+v"(c3), "+v"(c4), "+v"(c5)
                : [code] "r"(code), "v"(c6), "v"(c7), "v"(c8)
                : TOROID_ZMM(1), TOROID_ZMM(2), TOROID_ZMM(3), TOROID_ZMM(4), TOROID_ZMM(5),
                  TOROID_ZMM(6), TOROID_ZMM(7), TOROID_ZMM(8), TOROID_ZMM(9));
            tally.row(a, out, next, mask, y, j0, y == top, y == bottom - 1, int(y - top));
            out += a.stride;
        }
        tally.end_column(c);
    }
    return tally.outcome((tx + 1) * kTileWords * 64 >= a.width);
}

#endif
