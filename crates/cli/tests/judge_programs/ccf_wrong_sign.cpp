// tictactoe-ccf misreading: Bob's wins printed positive, Alice's negative.
#include <cstdio>
#include <map>
#include <algorithm>

static int board[9];
static const int LINES[8][3] = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};
static std::map<int, int> memo;

static bool won(int player) {
    for (auto &line : LINES)
        if (board[line[0]] == player && board[line[1]] == player && board[line[2]] == player) return true;
    return false;
}

static int score() {
    int code = 0, empty = 0, alice = 0, bob = 0;
    for (int i = 0; i < 9; i++) {
        code = code * 3 + board[i];
        empty += board[i] == 0;
        alice += board[i] == 1;
        bob += board[i] == 2;
    }
    auto found = memo.find(code);
    if (found != memo.end()) return found->second;
    int result;
    if (won(1)) result = empty + 1;
    else if (won(2)) result = -(empty + 1);
    else if (empty == 0) result = 0;
    else {
        int player = alice == bob ? 1 : 2;
        result = player == 1 ? -100 : 100;
        for (int i = 0; i < 9; i++) {
            if (board[i]) continue;
            board[i] = player;
            int value = score();
            board[i] = 0;
            result = player == 1 ? std::max(result, value) : std::min(result, value);
        }
    }
    memo[code] = result;
    return result;
}

int main() {
    int count;
    if (scanf("%d", &count) != 1) return 1;
    while (count--) {
        for (int i = 0; i < 9; i++) scanf("%d", &board[i]);
        printf("%d\n", -score());
    }
}
