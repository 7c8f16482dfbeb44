// Byte cells to and from grids, word by word (core/state_bytes.hpp).
#include "toroid/core/state_bytes.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace toroid {

void grid_to_state_bytes(const Grid& g, std::uint8_t* out) {
    const std::int64_t w = g.width(), words = g.words_per_row();
    const int planes = g.state_planes();
    for (std::int64_t y = 0; y < g.height(); ++y)
        for (std::int64_t j = 0; j < words; ++j) {
            const std::size_t i = std::size_t(y * words + j);
            const std::uint64_t live = g.words()[i];
            std::uint64_t any = live;
            for (int p = 1; p <= planes; ++p) any |= g.plane(p)[i];
            std::uint8_t* o = out + y * w + j * 64;
            const int n = int(std::min<std::int64_t>(64, w - j * 64));
            std::memset(o, 0, std::size_t(n));
            while (any) {  // padding bits are zero: b < n
                const int b = std::countr_zero(any);
                any &= any - 1;
                int s = 1;
                if (!((live >> b) & 1)) {
                    int k = 0;
                    for (int p = 1; p <= planes; ++p) k |= int((g.plane(p)[i] >> b) & 1) << (p - 1);
                    s = k + 1;
                }
                o[b] = std::uint8_t(s);
            }
        }
}

Grid grid_from_state_bytes(const std::uint8_t* bytes, std::int64_t width, std::int64_t height,
                           int states) {
    Grid g(width, height);
    g.set_state_planes(Grid::planes_for_states(states));
    const std::int64_t words = g.words_per_row();
    for (std::int64_t y = 0; y < height; ++y)
        for (std::int64_t j = 0; j < words; ++j) {
            const std::uint8_t* in = bytes + y * width + j * 64;
            const int n = int(std::min<std::int64_t>(64, width - j * 64));
            const std::size_t i = std::size_t(y * words + j);
            std::uint64_t live = 0;
            for (int b = 0; b < n; ++b) {
                const int s = in[b];
                if (s == 1) {
                    live |= std::uint64_t(1) << b;
                } else if (s > 1) {
                    const int k = s - 1;
                    if (std::bit_width(unsigned(k)) > unsigned(g.state_planes()))
                        g.set_state_planes(int(std::bit_width(unsigned(k))));
                    for (int p = 0; k >> p; ++p)
                        if ((k >> p) & 1) g.plane(p + 1)[i] |= std::uint64_t(1) << b;
                }
            }
            g.words()[i] = live;
        }
    return g;
}

}  // namespace toroid
