# Never answers: sleeps (no CPU used, so only the wall-clock limit stops it).
import time

while True:
    time.sleep(1000)
