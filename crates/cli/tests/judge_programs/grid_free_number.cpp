// product-grid misreading: the player to move chooses the number as well as the cell.
#include <cstdio>
#include <unordered_map>

static int board[9];
static std::unordered_map<unsigned long long, int> memo;

static int sign_of_difference() {
    long long x = 0, y = 0;
    for (int i = 0; i < 3; i++) {
        x += 1LL * board[3 * i] * board[3 * i + 1] * board[3 * i + 2];
        y += 1LL * board[i] * board[i + 3] * board[i + 6];
    }
    return (x > y) - (x < y);
}

// The sign of x - y under optimal play; X maximises it.
static int search(bool maximise) {
    unsigned long long key = maximise;
    bool present[10] = {false};
    int empty = 0;
    for (int i = 0; i < 9; i++) {
        key = key << 4 | board[i];
        present[board[i]] = true;
        empty += board[i] == 0;
    }
    if (empty == 0) return sign_of_difference();
    auto found = memo.find(key);
    if (found != memo.end()) return found->second;
    int sign = maximise ? 1 : -1, best = -1;
    for (int cell = 0; cell < 9 && best < 1; cell++) {
        if (board[cell]) continue;
        for (int number = 1; number <= 9 && best < 1; number++) {
            if (present[number]) continue;
            board[cell] = number;
            int value = sign * search(!maximise);
            board[cell] = 0;
            if (value > best) best = value;
        }
    }
    memo[key] = best * sign;
    return best * sign;
}

int main() {
    int count;
    if (scanf("%d", &count) != 1) return 1;
    while (count--) {
        for (int i = 0; i < 9; i++) scanf("%d", &board[i]);
        int value = search(true);
        puts(value > 0 ? "first" : value < 0 ? "second" : "tie");
    }
}
