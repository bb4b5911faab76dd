// Prints 100 MB of text, far past any sensible output limit.
#include <cstdio>
#include <cstring>

int main() {
    static char line[1024];
    memset(line, 'x', sizeof line - 1);
    line[sizeof line - 2] = '\n';
    for (int i = 0; i < 100 * 1024; i++) fputs(line, stdout);
}
