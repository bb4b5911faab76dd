// matchsticks misreading: after a placement no two sticks on the whole board may be
// connected, so a board with touching pre-placed sticks has no legal move at all.
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

static bool connected(const std::string &board, int cell, char stick) {
    int row = cell / 4, column = cell % 4;
    int directions[2][2] = {{0, -1}, {0, 1}};
    if (stick == '1') { directions[0][0] = -1; directions[0][1] = 0; directions[1][0] = 1; directions[1][1] = 0; }
    for (auto &direction : directions) {
        int r = row + direction[0], c = column + direction[1];
        while (r >= 0 && r < 3 && c >= 0 && c < 4) {
            char other = board[r * 4 + c];
            if (other != '0') {
                if (other == stick) return true;
                break;
            }
            r += direction[0];
            c += direction[1];
        }
    }
    return false;
}

static bool any_touching(const std::string &board) {
    for (int cell = 0; cell < 12; cell++)
        if (board[cell] != '0' && connected(board, cell, board[cell])) return true;
    return false;
}

static std::vector<std::string> moves(const std::string &board) {
    std::vector<std::string> result;
    for (int cell = 0; cell < 12; cell++) {
        if (board[cell] != '0') continue;
        for (char stick : {'1', '-'}) {
            std::string child = board;
            child[cell] = stick;
            if (!any_touching(child)) result.push_back(child);
        }
    }
    return result;
}

static std::map<std::string, bool> memo;

static bool wins(const std::string &board) {
    auto found = memo.find(board);
    if (found != memo.end()) return found->second;
    bool result = false;
    for (auto &child : moves(board))
        if (!wins(child)) { result = true; break; }
    memo[board] = result;
    return result;
}

int main() {
    std::string board;
    char row[64];
    for (int i = 0; i < 3 && scanf("%63s", row) == 1; i++) board += row;
    auto children = moves(board);
    if (children.empty()) {
        fprintf(stderr, "no legal move\n");
        return 1;
    }
    std::string best = children[0];
    for (auto &child : children)
        if (!wins(child)) { best = child; break; }
    for (int i = 0; i < 3; i++) printf("%s\n", best.substr(i * 4, 4).c_str());
}
