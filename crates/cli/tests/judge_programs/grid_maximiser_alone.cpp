// product-grid misreading: X maximises x - y alone, no minimising opponent.
#include <cstdio>
#include <climits>
#include <vector>
#include <algorithm>

static int board[9];
static std::vector<int> order;

static long long objective() {
    long long x = 0, y = 0;
    for (int i = 0; i < 3; i++) {
        x += 1LL * board[3 * i] * board[3 * i + 1] * board[3 * i + 2];
        y += 1LL * board[i] * board[i + 3] * board[i + 6];
    }
    return x - y;
}

static long long search(size_t index, bool maximise) {
    if (index == order.size()) return objective();
    long long best = LLONG_MIN;
    for (int cell = 0; cell < 9; cell++) {
        if (board[cell]) continue;
        board[cell] = order[index];
        long long value = search(index + 1, !maximise);
        board[cell] = 0;
        best = std::max(best, value);
    }
    return best;
}

int main() {
    int count;
    if (scanf("%d", &count) != 1) return 1;
    while (count--) {
        bool present[10] = {false};
        for (int i = 0; i < 9; i++) {
            scanf("%d", &board[i]);
            present[board[i]] = true;
        }
        order.clear();
        for (int number = 1; number <= 9; number++)
            if (!present[number]) order.push_back(number);
        long long value = search(0, true);
        puts(value > 0 ? "first" : value < 0 ? "second" : "tie");
    }
}
