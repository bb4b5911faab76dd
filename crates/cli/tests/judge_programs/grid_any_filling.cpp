// product-grid misreading: X wins if any filling wins (an OR over the leaves), else Y
// wins if any filling loses, else a tie.
#include <cstdio>
#include <vector>

static int board[9];
static std::vector<int> order;
static bool win, loss;

static void fill(size_t index) {
    if (index == order.size()) {
        long long x = 0, y = 0;
        for (int i = 0; i < 3; i++) {
            x += 1LL * board[3 * i] * board[3 * i + 1] * board[3 * i + 2];
            y += 1LL * board[i] * board[i + 3] * board[i + 6];
        }
        if (x > y) win = true;
        if (x < y) loss = true;
        return;
    }
    for (int cell = 0; cell < 9; cell++) {
        if (board[cell]) continue;
        board[cell] = order[index];
        fill(index + 1);
        board[cell] = 0;
    }
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
        win = loss = false;
        fill(0);
        puts(win ? "first" : loss ? "second" : "tie");
    }
}
