all: pb

pb: main.o
	cc -o pb main.o
