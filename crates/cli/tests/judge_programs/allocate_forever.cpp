// Allocates and touches memory without bound (std::bad_alloc under the memory limit).
#include <cstring>
#include <vector>

int main() {
    std::vector<char *> blocks;
    for (;;) {
        char *block = new char[16 << 20];
        memset(block, 1, 16 << 20);
        blocks.push_back(block);
    }
}
