# The engine's layers, bottom up: each area of core/ is one static library
# (ranklab_<area>) that may include and link only the areas listed beside it.
# core/CMakeLists.txt builds the libraries from this table and
# check_layers.cmake refuses an include that crosses it, so a cycle (an area
# that includes one that includes it back) fails the build.
set(RANKLAB_LAYERS
  "common:"                                                   # errors, progress, parallel loops, files, random numbers
  "data:common"                                               # ids, runs, judgments, columns
  "io:common,data"                                            # byte sources, readers, the loaded dataset
  "rank:common,data,io"                                       # ranking a run under a tie policy
  "stats:common"                                              # statistics on numbers: moments, tests, intervals, resampling
  "synth:common"                                              # synthetic worlds and runs
  "metrics:common,data,rank,stats"                            # one record and kernel per metric
  "eval:common,data,io,rank,stats,metrics"                    # per-user tables, curves, cohorts
  "compare:common,data,io,rank,stats,metrics,eval"            # comparisons of evaluated models
  "trec:common,data,io,rank,stats,metrics,eval"               # trec_eval's measures and output
  "workspace:common,data,io,rank,stats,metrics,eval,compare"  # .ranklab files
  "manifest:common,data,io,rank,stats,metrics,eval,compare,workspace"
  "report:common,data,io,rank,stats,metrics,eval,compare,trec,workspace,manifest"
  "shard:common,data,io,rank,stats,metrics,eval,compare,trec,workspace,manifest,report"
  "study:common,data,io,rank,stats,metrics,eval,compare,trec,workspace,manifest,report,shard"  # one study: evaluate, compare, texts
)

# One entry of the table: the area and the list of areas it uses.
function(ranklab_layer_entry entry area_var uses_var)
  string(FIND "${entry}" ":" colon)
  string(SUBSTRING "${entry}" 0 ${colon} area)
  math(EXPR after "${colon} + 1")
  string(SUBSTRING "${entry}" ${after} -1 uses)
  string(REPLACE "," ";" uses "${uses}")
  set(${area_var} "${area}" PARENT_SCOPE)
  set(${uses_var} "${uses}" PARENT_SCOPE)
endfunction()
