#pragma weft
int x;
