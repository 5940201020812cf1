/* bfs.c - breadth-first search of a random graph, level by level.
 * Modeled on Rodinia's bfs (OpenMP version): nodes with a start index and
 * an edge count into one edge array, boolean masks for the frontier, the
 * nodes to update and the visited ones; a do-while over levels; the expert's
 * pragmas are on the two node loops of a level (the first writes the cost
 * of a neighbour from whichever frontier node finds it first: a race the
 * original accepts, as every writer stores the same value).
 * Written for weft's benchmark; no code of the original.
 * bench: args=2000000 profile=200000
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int starting;
  int no_of_edges;
} Node;

int main(int argc, char **argv) {
  int no_of_nodes = argc > 1 ? atoi(argv[1]) : 2000000;
  int degree = 6;
  if (no_of_nodes < 2) {
    fprintf(stderr, "usage: bfs [nodes >= 2]\n");
    return 1;
  }
  Node *h_graph_nodes = malloc(sizeof(Node) * no_of_nodes);
  bool *h_graph_mask = malloc(sizeof(bool) * no_of_nodes);
  bool *h_updating_graph_mask = malloc(sizeof(bool) * no_of_nodes);
  bool *h_graph_visited = malloc(sizeof(bool) * no_of_nodes);
  int edge_list_size = no_of_nodes * degree;
  int *h_graph_edges = malloc(sizeof(int) * edge_list_size);
  int *h_cost = malloc(sizeof(int) * no_of_nodes);
  if (!h_graph_nodes || !h_graph_mask || !h_updating_graph_mask ||
      !h_graph_visited || !h_graph_edges || !h_cost) {
    fprintf(stderr, "bfs: out of memory\n");
    return 1;
  }
  srand(13);
  for (int i = 0; i < no_of_nodes; i++) {
    h_graph_nodes[i].starting = i * degree;
    h_graph_nodes[i].no_of_edges = degree;
    h_graph_mask[i] = false;
    h_updating_graph_mask[i] = false;
    h_graph_visited[i] = false;
  }
  for (int i = 0; i < edge_list_size; i++)
    h_graph_edges[i] = (i % 3 == 0) ? (i / degree + 1) % no_of_nodes
                                    : (int)(((long)rand() * 7919) %
                                            no_of_nodes);
  int source = 0;
  h_graph_mask[source] = true;
  h_graph_visited[source] = true;
  for (int i = 0; i < no_of_nodes; i++)
    h_cost[i] = -1;
  h_cost[source] = 0;

  int k = 0;
  bool stop;
  do {
    stop = false;
#pragma omp parallel for
    for (int tid = 0; tid < no_of_nodes; tid++) {
      if (h_graph_mask[tid] == true) {
        h_graph_mask[tid] = false;
        for (int i = h_graph_nodes[tid].starting;
             i < (h_graph_nodes[tid].no_of_edges +
                  h_graph_nodes[tid].starting);
             i++) {
          int id = h_graph_edges[i];
          if (!h_graph_visited[id]) {
            h_cost[id] = h_cost[tid] + 1;
            h_updating_graph_mask[id] = true;
          }
        }
      }
    }
#pragma omp parallel for
    for (int tid = 0; tid < no_of_nodes; tid++) {
      if (h_updating_graph_mask[tid] == true) {
        h_graph_mask[tid] = true;
        h_graph_visited[tid] = true;
        stop = true;
        h_updating_graph_mask[tid] = false;
      }
    }
    k++;
  } while (stop);

  long total = 0;
  int deepest = 0, reached = 0;
  for (int i = 0; i < no_of_nodes; i++) {
    if (h_cost[i] >= 0) {
      reached++;
      total += h_cost[i];
    }
    if (h_cost[i] > deepest)
      deepest = h_cost[i];
  }
  printf("bfs %d nodes: %d levels, %d reached, deepest %d, cost sum %ld\n",
         no_of_nodes, k, reached, deepest, total);
  return 0;
}
