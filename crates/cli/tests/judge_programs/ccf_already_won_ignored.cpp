// tictactoe-ccf misreading: the board given is never checked for a line; the search
// looks for a line only after placing a stone, and only the mover's.
#include <cstdio>
#include <algorithm>

static int board[9];
static const int LINES[8][3] = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},{2,5,8},{0,4,8},{2,4,6}};

static bool won(int player) {
    for (auto &line : LINES)
        if (board[line[0]] == player && board[line[1]] == player && board[line[2]] == player) return true;
    return false;
}

static int dfs(int player) {
    int empty = 0;
    for (int i = 0; i < 9; i++) empty += board[i] == 0;
    if (empty == 0) return 0;
    int best = player == 1 ? -100 : 100;
    for (int i = 0; i < 9; i++) {
        if (board[i]) continue;
        board[i] = player;
        int value = won(player) ? (player == 1 ? empty : -empty) : dfs(3 - player);
        board[i] = 0;
        best = player == 1 ? std::max(best, value) : std::min(best, value);
    }
    return best;
}

int main() {
    int count;
    if (scanf("%d", &count) != 1) return 1;
    while (count--) {
        int alice = 0, bob = 0;
        for (int i = 0; i < 9; i++) {
            scanf("%d", &board[i]);
            alice += board[i] == 1;
            bob += board[i] == 2;
        }
        printf("%d\n", dfs(alice == bob ? 1 : 2));
    }
}
