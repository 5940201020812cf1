#ifndef MACRO_NAMES_H
#define MACRO_NAMES_H
#define FROM_HEADER 4
#endif
