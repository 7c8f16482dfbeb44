#include "toroid/analysis/object_split.hpp"

#include <algorithm>
#include <limits>

namespace toroid {

std::vector<AshObject> split_objects(const Grid& state, const Grid& envelope) {
    const std::int64_t w = envelope.width(), h = envelope.height();
    // Unwrapped coordinates of every visited envelope cell (by torus index).
    constexpr std::int64_t kUnseen = std::numeric_limits<std::int64_t>::min();
    std::vector<std::int64_t> ux(std::size_t(w * h), kUnseen), uy(std::size_t(w * h), 0);
    std::vector<AshObject> objects;
    std::vector<std::pair<std::int64_t, std::int64_t>> stack, members;
    for (std::int64_t y0 = 0; y0 < h; ++y0) {
        auto row = envelope.row(y0);
        for (std::int64_t j = 0; j < envelope.words_per_row(); ++j) {
            std::uint64_t bits = row[std::size_t(j)];
            while (bits) {
                const std::int64_t x0 = j * 64 + __builtin_ctzll(bits);
                bits &= bits - 1;
                if (ux[std::size_t(y0 * w + x0)] != kUnseen) continue;
                // Flood fill one component, tracking unwrapped coordinates.
                members.clear();
                stack.assign(1, {x0, y0});
                ux[std::size_t(y0 * w + x0)] = x0;
                uy[std::size_t(y0 * w + x0)] = y0;
                bool wraps = false;
                while (!stack.empty()) {
                    auto [cx, cy] = stack.back();  // unwrapped
                    stack.pop_back();
                    members.push_back({cx, cy});
                    for (int dy = -1; dy <= 1; ++dy)
                        for (int dx = -1; dx <= 1; ++dx) {
                            if (!dx && !dy) continue;
                            const std::int64_t nx = cx + dx, ny = cy + dy;
                            const std::int64_t tx = ((nx % w) + w) % w, ty = ((ny % h) + h) % h;
                            if (!envelope.get(tx, ty)) continue;
                            const std::size_t at = std::size_t(ty * w + tx);
                            if (ux[at] == kUnseen) {
                                ux[at] = nx;
                                uy[at] = ny;
                                stack.push_back({nx, ny});
                            } else if (ux[at] != nx || uy[at] != ny) {
                                // Reached again at another unwrapped place: the
                                // component wraps around the torus.
                                const bool same_place =
                                    ((ux[at] - nx) % w == 0) && ((uy[at] - ny) % h == 0);
                                if (same_place) wraps = true;
                            }
                        }
                }
                std::int64_t minx = std::numeric_limits<std::int64_t>::max(), miny = minx;
                std::int64_t maxx = std::numeric_limits<std::int64_t>::min(), maxy = maxx;
                for (auto [mx, my] : members) {
                    minx = std::min(minx, mx);
                    maxx = std::max(maxx, mx);
                    miny = std::min(miny, my);
                    maxy = std::max(maxy, my);
                }
                AshObject o;
                o.wraps = wraps || maxx - minx + 1 > w || maxy - miny + 1 > h;
                o.x = ((minx % w) + w) % w;
                o.y = ((miny % h) + h) % h;
                const std::int64_t bw = std::min(maxx - minx + 1, w),
                                   bh = std::min(maxy - miny + 1, h);
                Grid cells(bw, bh);
                for (auto [mx, my] : members) {
                    const std::int64_t tx = ((mx % w) + w) % w, ty = ((my % h) + h) % h;
                    if (state.get(tx, ty))
                        cells.set(std::min(mx - minx, bw - 1), std::min(my - miny, bh - 1), true);
                }
                const Rect b = cells.bounding_box();
                if (b.empty()) continue;  // this phase has no cell in the component
                o.cells = cells.crop(b);
                o.x = (o.x + b.x) % w;
                o.y = (o.y + b.y) % h;
                objects.push_back(std::move(o));
            }
        }
    }
    return objects;
}

}  // namespace toroid
