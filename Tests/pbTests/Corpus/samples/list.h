#ifndef LIST_H
#define LIST_H
struct list { struct list *next; };
#endif
