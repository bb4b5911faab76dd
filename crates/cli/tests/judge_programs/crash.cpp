// Reads the input, then writes through a null pointer: killed by SIGSEGV.
#include <cstdio>

int main() {
    int count;
    if (scanf("%d", &count) != 1) return 3;
    volatile int *nowhere = nullptr;
    *nowhere = count;
    return 0;
}
