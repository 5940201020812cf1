void f(void) {
_Pragma("weft")
}
