# Allocates memory without bound (MemoryError under the memory limit).
blocks = []
while True:
    blocks.append(bytearray(16 << 20))
