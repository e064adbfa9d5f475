// The published N-Queens counts (OEIS A000170, A002562) for N = 0..27: what the tests check
// every kernel against, and what the web viewer's table of known counts shows; and the
// solutions fixed by the turns (A032522, A033148) up to N = 28, which long runs check.
#pragma once

#include <cstdint>

namespace nqueens::known {

inline constexpr int kMaxKnownN = 27;  // the largest N with a published count

// OEIS A000170: solutions of the N-Queens problem, index N (0..27).
inline constexpr std::uint64_t kTotal[] = {1,
                                           1,
                                           0,
                                           0,
                                           2,
                                           10,
                                           4,
                                           40,
                                           92,
                                           352,
                                           724,
                                           2680,
                                           14200,
                                           73712,
                                           365596,
                                           2279184,
                                           14772512,
                                           95815104,
                                           666090624,
                                           4968057848,
                                           39029188884,
                                           314666222712,
                                           2691008701644,
                                           24233937684440,
                                           227514171973736,
                                           2207893435808352,
                                           22317699616364044,
                                           234907967154122528};

// OEIS A002562: solutions up to rotation and reflection, index N (0..27).
inline constexpr std::uint64_t kUnique[] = {1,
                                            1,
                                            0,
                                            0,
                                            1,
                                            2,
                                            1,
                                            6,
                                            12,
                                            46,
                                            92,
                                            341,
                                            1787,
                                            9233,
                                            45752,
                                            285053,
                                            1846955,
                                            11977939,
                                            83263591,
                                            621012754,
                                            4878666808,
                                            39333324973,
                                            336376244042,
                                            3029242658210,
                                            28439272956934,
                                            275986683743434,
                                            2789712466510289,
                                            29363495934315694};

// Solutions fixed by the half turn (OEIS A032522) and by the quarter turn (OEIS A033148), index
// N (0..28): a whole count's split into symmetry classes must agree with them (Burnside: with
// A000170 and A002562, 8 * A002562 = A000170 + A032522 + 2 * A033148 for N = 2..27).
inline constexpr int kMaxKnownFixedPointN = 28;
inline constexpr std::uint64_t kFixedHalfTurn[] = {
    1,      1,      0,       0,       2,        2,        4,         8,         4,         16,
    12,     48,     80,      136,     420,      1240,     3000,      8152,      18104,     44184,
    144620, 375664, 1250692, 3581240, 11675080, 34132592, 115718268, 320403024, 1250901440};
inline constexpr std::uint64_t kFixedQuarterTurn[] = {1,   1,   0, 0, 2,    2,    0,  0,   0,    0,
                                                      0,   0,   8, 8, 0,    0,    64, 128, 0,    0,
                                                      480, 704, 0, 0, 3328, 3264, 0,  0,   32896};

}  // namespace nqueens::known
